import { type ChildProcess, spawn } from 'node:child_process';

/** A real server process (`src/server/server.ts`) on a database URL, listening on a port of its own. */
export async function startServer(
  databaseUrl: string,
): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const child = spawn('node', ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, PORT: '0', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { base, output } = await listeningAt(child, 60_000);
  return { child, base, output };
}

/**
 * Waits until a server process just spawned (stdout and stderr piped) says where it listens; its output
 * is kept (up to `keep` characters) for the failure messages. Fails when it exits first or is too slow.
 */
export async function listeningAt(
  child: ChildProcess,
  timeoutMs: number,
  keep = Number.POSITIVE_INFINITY,
): Promise<{ base: string; output: () => string }> {
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output.slice(-3000)}`)),
      timeoutMs,
    );
    const read = (chunk: Buffer) => {
      if (output.length < keep) output += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output.slice(-3000)}`));
    });
  });
  return { base, output: () => output };
}

/** Stops the servers and waits for them to exit. */
export async function stopServers(children: readonly ChildProcess[]): Promise<void> {
  const exits = children.map((child) =>
    child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve(),
  );
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(exits);
}

/** A browser over real sockets to one server process: keeps its cookies and the page's CSRF token. */
export class SocketBrowser {
  private readonly jar = new Map<string, string>();
  csrfToken = '';
  /** The session's public id (the page data's), which owns an anonymous shopper's cart and claims. */
  sessionId = '';

  constructor(readonly base: string) {}

  get cookie(): string {
    return [...this.jar.values()].join('; ');
  }

  private keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      if (name) this.jar.set(name, pair);
    }
  }

  /** Loads a page and takes the CSRF token from its meta tag, as the page script does. */
  async visit(path: string): Promise<void> {
    const response = await fetch(`${this.base}${path}`, {
      headers: { accept: 'text/html', ...(this.jar.size ? { cookie: this.cookie } : {}) },
      redirect: 'manual',
    });
    this.keep(response);
    const html = await response.text();
    this.csrfToken =
      /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
    if (data) this.sessionId = (JSON.parse(data) as { shopper: { sessionId: string } }).shopper.sessionId;
  }

  async post(
    url: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; location?: string; body: string }> {
    const response = await fetch(`${this.base}${url}`, {
      method: 'POST',
      headers: { ...headers, ...(this.jar.size ? { cookie: this.cookie } : {}) },
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    this.keep(response);
    const location = response.headers.get('location');
    return { status: response.status, body: await response.text(), ...(location ? { location } : {}) };
  }

  /** Signs in through the sign-in form, then loads `page` for the signed-in session's token. */
  async signIn(email: string, password: string, page: string): Promise<void> {
    await this.visit('/gp/sign-in.html');
    const signedIn = await this.post(
      '/gp/sign-in.html',
      { 'content-type': 'application/x-www-form-urlencoded' },
      new URLSearchParams({
        csrfToken: this.csrfToken,
        action: 'sign-in',
        email,
        password,
        path: '/',
      }).toString(),
    );
    if (signedIn.status !== 303)
      throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.body.slice(0, 200)}`);
    await this.visit(page);
  }
}
