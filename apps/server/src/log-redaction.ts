// Sign-in links carry their token in the path (/autologin/<jwt>) and a few calls could carry one in the
// query: a log line holding either is a session for whoever reads the log [I12-2]. Every URL
// and every message the logger writes goes through `redactSecretsInText` first.

const CENSOR = '[redacted]';

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_QUERY_PARAMS = [
  'jwt',
  'expired_jwt',
  'token',
  'access_token',
  'code',
  'r_token',
  'key',
  'signature',
];

const AUTOLOGIN_SEGMENT = /(\/autologin\/)[^/?#\s"']+/gi;
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s"']*`, 'gi');
// A JWT anywhere (three base64url parts, the first an encoded JSON object): redacted wherever it sits.
const JWT_LIKE = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

/** The text with sign-in tokens, token-bearing query values and anything shaped like a JWT censored. */
export function redactSecretsInText(text: string): string {
  return text
    .replace(AUTOLOGIN_SEGMENT, `$1${CENSOR}`)
    .replace(SECRET_QUERY, `$1${CENSOR}`)
    .replace(JWT_LIKE, CENSOR);
}
