/**
 * Which credentials a CalDAV server gets, and how: none until it asks (a server without authentication never
 * sees them), then Basic or Digest as its challenge says, Digest first when it offers both. Once a scheme
 * worked, every request carries it at once. The password is held in a private field, out of any dump of the
 * client, and never put in a text.
 */
import { parseChallenges } from './challenges';
import { DigestSession } from './digest';

export interface CalDavLogin {
  username: string;
  password: string;
}

/** What a 401 answer leads to: a try with (new) credentials, or the end. */
export type ChallengeOutcome = 'retry' | 'no-credentials' | 'refused' | 'unsupported';

export class Authorization {
  readonly #login: CalDavLogin | undefined;
  private basic = false;
  private digest: DigestSession | undefined;

  constructor(login: CalDavLogin | undefined) {
    this.#login = login && (login.username !== '' || login.password !== '') ? login : undefined;
  }

  get hasCredentials(): boolean {
    return this.#login !== undefined;
  }

  /** The `Authorization` header for a request, once the server asked for one. */
  header(method: string, target: string): string | undefined {
    const login = this.#login;
    if (!login) return undefined;
    if (this.digest) return this.digest.authorization(login, method, target);
    if (this.basic) return `Basic ${Buffer.from(`${login.username}:${login.password}`, 'utf8').toString('base64')}`;
    return undefined;
  }

  /**
   * A 401 answer: whether to try again. `sent` tells whether the refused request carried credentials: if it did,
   * they were refused, unless a Digest server only says its nonce is stale.
   */
  challenged(wwwAuthenticate: string | string[] | undefined, sent: boolean): ChallengeOutcome {
    if (!this.#login) return 'no-credentials';
    const challenges = parseChallenges(wwwAuthenticate);
    const digest = challenges
      .filter((challenge) => challenge.scheme === 'digest')
      .map((challenge) => ({ challenge, session: DigestSession.of(challenge) }))
      .find(({ session }) => session !== undefined);
    if (digest?.session) {
      const stale = digest.challenge.params.stale?.toLowerCase() === 'true';
      if (sent && !stale && this.digest) return 'refused';
      this.digest = digest.session;
      this.basic = false;
      return 'retry';
    }
    if (challenges.some((challenge) => challenge.scheme === 'basic')) {
      if (sent && this.basic) return 'refused';
      this.basic = true;
      this.digest = undefined;
      return 'retry';
    }
    return 'unsupported';
  }

  /** Text with the password taken out, for errors built from what a library or a server said. */
  redact(text: string): string {
    const password = this.#login?.password;
    return password && password.length > 0 ? text.split(password).join('***') : text;
  }
}
