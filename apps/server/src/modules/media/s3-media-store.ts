import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertObjectName, type MediaStore } from './media-store.ts';

// The media store in S3-compatible object storage (docs/media.md "S3"): a managed bucket (AWS S3,
// Cloudflare R2, Backblaze B2, DigitalOcean Spaces) or a self-hosted server (MinIO, Garage, SeaweedFS).
// The storefront still serves every picture from /media itself: the bucket stays private, pictures keep
// the storefront's origin (CSP 'self', no extra DNS lookup or TLS handshake on a phone), and renditions
// are made on the first request and put back into the bucket.

export interface S3StoreSettings {
  /** https://s3.example.com; leave out for AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style URLs (endpoint/bucket/name) as most self-hosted servers need; else bucket.endpoint. */
  forcePathStyle: boolean;
  /** Names under this prefix (`shop/`), so one bucket can hold more than the pictures. */
  prefix?: string | undefined;
}

export class S3MediaStore implements MediaStore {
  readonly description: string;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;

  constructor(settings: S3StoreSettings) {
    this.#client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
    });
    this.#bucket = settings.bucket;
    this.#prefix = settings.prefix ?? '';
    this.description = `S3 bucket ${settings.bucket}${settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : ''}`;
  }

  async get(name: string): Promise<Buffer | undefined> {
    assertObjectName(name);
    try {
      const reply = await this.#client.send(
        new GetObjectCommand({ Bucket: this.#bucket, Key: this.#prefix + name }),
      );
      if (!reply.Body) return undefined;
      return Buffer.from(await reply.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    assertObjectName(name);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#prefix + name,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async list(prefix: string): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#prefix + prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) names.push(object.Key.slice(this.#prefix.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names.sort();
  }

  async delete(names: readonly string[]): Promise<void> {
    // At most 1,000 names per request (the S3 API's limit).
    for (let start = 0; start < names.length; start += 1000) {
      const batch = names.slice(start, start + 1000);
      for (const name of batch) assertObjectName(name);
      const reply = await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: batch.map((name) => ({ Key: this.#prefix + name })), Quiet: true },
        }),
      );
      const failed = (reply.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(
          `S3 refused to delete ${failed.length} objects: ${failed[0]?.Key} (${failed[0]?.Code})`,
        );
      }
    }
  }

  destroy(): void {
    this.#client.destroy();
  }
}
