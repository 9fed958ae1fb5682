// split-sms ships no typings; this declares the part of its API the SMS counter uses (lib/index.js).
declare module 'split-sms' {
  export interface SplitSmsPart {
    /** The part's text; undefined when split with `summary: true`. */
    content: string | undefined;
    /** Characters in the part (a surrogate pair counts once). */
    length: number;
    /** Septets for GSM, bytes (2 per UCS-2 unit) for Unicode. */
    bytes: number;
  }

  export interface SplitSmsResult {
    characterSet: 'GSM' | 'Unicode';
    parts: SplitSmsPart[];
    bytes: number;
    length: number;
    /** Characters (GSM septets, UCS-2 units) still free in the last part. */
    remainingInPart: number;
  }

  export interface SplitSmsOptions {
    summary?: boolean;
    characterset?: 'GSM' | 'Unicode';
  }

  const splitSms: {
    split(message: string, options?: SplitSmsOptions): SplitSmsResult;
    GSM: 'GSM';
    UNICODE: 'Unicode';
  };
  export default splitSms;
}
