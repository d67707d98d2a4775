// Writing answers: JSON envelopes, the page for people, CalDAV's answers, and the answers of the faults tests
// queue.

import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { DavAnswer } from './caldav';
import type { Fault } from './faults';

const PAGE_FILE = path.join(__dirname, 'page.html');
const PAGE_SCRIPT_FILE = path.join(__dirname, 'page-tasks.js');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The simulator's page for people, with the key it accepts and its task lists' script: one document. */
export async function sendPage(response: ServerResponse, apiKey: string): Promise<void> {
  const [page, script] = await Promise.all([readFile(PAGE_FILE, 'utf8'), readFile(PAGE_SCRIPT_FILE, 'utf8')]);
  const filled = page.replace('{{pageTasksScript}}', () => script).replace('{{apiKey}}', escapeHtml(apiKey));
  const html = Buffer.from(filled);
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length });
  response.end(html);
}

/** An answer of the CalDAV server: its length counted where the answer has a body. */
export function sendDav(response: ServerResponse, answer: DavAnswer): void {
  const body = Buffer.from(answer.body, 'utf8');
  const bodiless = answer.status === 204 || answer.status === 304;
  const length = bodiless ? {} : { 'Content-Length': String(body.length) };
  response.writeHead(answer.status, { ...length, ...answer.headers });
  response.end(bodiless ? undefined : body);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

export function answerWithFault(fault: Fault, request: IncomingMessage, response: ServerResponse): void {
  switch (fault.kind) {
    case 'status': {
      const status = fault.status ?? 503;
      sendJson(response, status, { code: status, msg: `simulated ${status}` });
      return;
    }
    case 'retry-after': {
      const status = fault.status ?? 429;
      sendJson(
        response,
        status,
        { code: status, msg: `simulated ${status}` },
        { 'Retry-After': fault.retryAfter ?? '1' },
      );
      return;
    }
    case 'hang':
      return; // the socket stays open until the client gives up or close() destroys it
    case 'reset':
      request.socket.destroy();
      return;
    case 'not-json':
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<html>gateway</html>');
      return;
    case 'code':
      sendJson(response, 200, { code: fault.code ?? 1001, msg: fault.msg ?? 'simulated failure' });
      return;
  }
}
