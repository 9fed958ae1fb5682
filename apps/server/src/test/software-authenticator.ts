import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

// A software passkey for tests: an ES256 key made with node:crypto, 'none' attestation, and the
// authenticatorData, attestationObject and clientDataJSON built byte by byte as a real authenticator
// would (WebAuthn Level 2 §6.1, §6.5; CBOR per RFC 8949). Nothing of @simplewebauthn is mocked: the server
// verifies these answers exactly as it verifies a phone's.

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftwareAuthenticatorOptions {
  rpId: string;
  origin: string;
  /** False: the authenticator answers without user verification (the server must refuse). */
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private signCount = 0;

  constructor(private readonly options: SoftwareAuthenticatorOptions) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin?: string) {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? this.options.origin, crossOrigin: false }),
      'utf8',
    );
  }

  private flags(extra = 0) {
    return FLAG_UP | (this.options.userVerified === false ? 0 : FLAG_UV) | extra;
  }

  private counter(): Buffer {
    this.signCount += 1;
    const out = Buffer.alloc(4);
    out.writeUInt32BE(this.signCount);
    return out;
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON for the server's options. */
  register(options: { challenge: string; rp?: { id?: string } }, overrides: { origin?: string } = {}) {
    const rpId = options.rp?.id ?? this.options.rpId;
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      this.counter(),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, overrides.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON for the server's options. */
  authenticate(options: { challenge: string; rpId?: string }, overrides: { origin?: string } = {}) {
    const authData = Buffer.concat([
      sha256(options.rpId ?? this.options.rpId),
      Buffer.from([this.flags()]),
      this.counter(),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: null,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
