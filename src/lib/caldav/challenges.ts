/**
 * The challenges of a `WWW-Authenticate` answer (RFC 9110 11.6.1): one header or several, each with one challenge
 * or several, e.g. `Digest realm="x", nonce="y", qop="auth", Basic realm="x"`.
 */

export interface Challenge {
  /** The scheme, lower case: `basic`, `digest`... */
  scheme: string;
  /** Its parameters, names lower case, quoted values unquoted. */
  params: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

export function parseChallenges(header: string | string[] | undefined): Challenge[] {
  if (header === undefined) return [];
  return (Array.isArray(header) ? header : [header]).flatMap(parseHeader);
}

function parseHeader(text: string): Challenge[] {
  const challenges: Challenge[] = [];
  let rest = text;
  let current: Challenge | undefined;
  while (rest.length > 0) {
    rest = rest.replace(/^[\s,]+/, '');
    const token = TOKEN.exec(rest)?.[0];
    if (!token) break;
    const after = rest.slice(token.length);
    const param = /^\s*=\s*/.exec(after);
    if (param && current && !/^\s*=\s*(,|$)/.test(after) && !isToken68(after)) {
      const valueText = after.slice(param[0].length);
      const [value, used] = readValue(valueText);
      current.params[token.toLowerCase()] = value;
      rest = valueText.slice(used);
    } else {
      current = { scheme: token.toLowerCase(), params: {} };
      challenges.push(current);
      rest = after.replace(/^\s*[A-Za-z0-9\-._~+/]+=*\s*(?=,|$)/, '');
    }
  }
  return challenges;
}

/** `=` after a token is a parameter, unless the token is a token68 ending in `=` padding (not used by Basic or Digest). */
function isToken68(after: string): boolean {
  return /^=+\s*(,|$)/.test(after);
}

/** A quoted string (with `\` escapes) or a token; the value and the characters it took. */
function readValue(text: string): [string, number] {
  if (text.startsWith('"')) {
    let value = '';
    for (let index = 1; index < text.length; index++) {
      const character = text[index];
      if (character === '\\' && index + 1 < text.length) value += text[++index];
      else if (character === '"') return [value, index + 1];
      else value += character;
    }
    return [value, text.length];
  }
  const token = /^[^,\s]*/.exec(text)?.[0] ?? '';
  return [token, token.length];
}
