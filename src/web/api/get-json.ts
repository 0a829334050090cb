import { SYNTAX_ERROR_RETRY_MS } from '../../domain/buy-box/buy-box-constants';

export type GetJsonResult = { ok: true; status: number; body: unknown } | { ok: false; status: number };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GETs a JSON answer, unchecked: the caller checks it against its contract (`parseAnswer`). A successful
 * answer whose body does not parse (cut off, or a proxy's HTML page) is asked for once more after
 * 200 ms (DP-019). A network failure answers status 0.
 */
export async function getJson(
  url: string,
  init: Omit<RequestInit, 'method' | 'body'> = {},
): Promise<GetJsonResult> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch {
      return { ok: false, status: 0 };
    }
    if (!response.ok) return { ok: false, status: response.status };
    try {
      const body: unknown = await response.json();
      return { ok: true, status: response.status, body };
    } catch (error) {
      if (!(error instanceof SyntaxError) || attempt > 1) return { ok: false, status: response.status };
      await pause(SYNTAX_ERROR_RETRY_MS);
    }
  }
}
