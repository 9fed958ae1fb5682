import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { FsMediaStore, type MediaStore, MemoryMediaStore } from './media-store.ts';
import { S3MediaStore } from './s3-media-store.ts';

// The media store the settings name (config.ts MEDIA_*, docs/media.md). Defaults keep `npm start` working
// on a fresh machine: pictures on the filesystem under DATA_DIR/media.

/** The store the settings name. */
export function createMediaStore(settings: Config): MediaStore {
  switch (settings.MEDIA_STORE) {
    case 'memory':
      return new MemoryMediaStore();
    case 's3':
      return new S3MediaStore({
        endpoint: settings.MEDIA_S3_ENDPOINT,
        region: settings.MEDIA_S3_REGION,
        bucket: settings.MEDIA_S3_BUCKET ?? '',
        accessKeyId: settings.MEDIA_S3_ACCESS_KEY_ID,
        secretAccessKey: settings.MEDIA_S3_SECRET_ACCESS_KEY,
        forcePathStyle: settings.MEDIA_S3_FORCE_PATH_STYLE,
        prefix: settings.MEDIA_S3_PREFIX,
      });
    case 'fs':
      return new FsMediaStore(join(settings.dataDir, 'media'));
  }
}
