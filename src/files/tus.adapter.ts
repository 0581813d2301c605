import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@tus/server';
import { FileStore } from '@tus/file-store';

// The one place that speaks tus (tus.io protocol 1.0.0, through @tus/server): the protocol's
// headers, offsets, locking, creation-with-upload, deferred length and termination. The bytes
// of an upload in progress wait in `directory` (one file per upload, and its JSON info beside
// it) until the last one arrives; what becomes of them is the caller's (hooks).

export interface TusHookResult {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface TusHooks {
  // Before the upload is created (its id chosen), e.g. to record its owner.
  onCreate(req: IncomingMessage, id: string, metadata: Record<string, string | null>, size: number | undefined): Promise<void>;
  // The last byte arrived: the answer to that request.
  onFinish(req: IncomingMessage, id: string, filePath: string): Promise<TusHookResult>;
  // An error answer tus is about to give (status and its plain-text reason): the body to send.
  onError(req: IncomingMessage, status: number, reason: string): Promise<string>;
}

interface NodeCarrying {
  node?: { req: IncomingMessage };
}

function nodeRequest(req: unknown): IncomingMessage {
  const node = (req as NodeCarrying).node?.req;
  if (!node) throw new Error('tus request without its Node request');
  return node;
}

export class TusAdapter {
  private readonly server: Server;
  private readonly store: FileStore;
  // The upload each request acts on, checked by the caller (HEAD, PATCH, DELETE).
  private readonly ids = new WeakMap<IncomingMessage, string>();

  constructor(
    readonly directory: string,
    opts: { path: string; maxSize: number; hooks: TusHooks },
  ) {
    this.store = new FileStore({ directory });
    const options: ConstructorParameters<typeof Server>[0] = {
      path: opts.path,
      datastore: this.store,
      maxSize: opts.maxSize,
      relativeLocation: true,
      // Never the id tus would read from the URL (its last "/", query string included): the one
      // the caller checked. A request without one names no upload (404).
      getFileIdFromRequest: (req) => {
        const node = (req as NodeCarrying | undefined)?.node?.req;
        return node ? this.ids.get(node) : undefined;
      },
      // A finished upload has become a file: terminating it would not delete that file.
      disableTerminationForFinishedUploads: true,
      exposedHeaders: ['EyeMail-File-Id'],
      onUploadCreate: async (req, upload) => {
        await opts.hooks.onCreate(nodeRequest(req), upload.id, upload.metadata ?? {}, upload.size);
        return {};
      },
      onUploadFinish: async (req, upload) => {
        const r = await opts.hooks.onFinish(nodeRequest(req), upload.id, this.filePath(upload.id));
        return { status_code: r.status, body: r.body, headers: { 'Content-Type': 'application/json; charset=utf-8', ...r.headers } };
      },
      onResponseError: async (req, err) => {
        const e = err as { status_code?: number; body?: string; message?: string };
        const status = e.status_code ?? 500;
        return { status_code: status, body: await opts.hooks.onError(nodeRequest(req), status, (e.body ?? e.message ?? '').trim()) };
      },
    };
    this.server = new Server(options);
    // Error answers carry the API's JSON envelope: say so.
    const write = this.server.write.bind(this.server);
    this.server.write = (context, headers, status, body) => {
      if (body?.startsWith('{')) headers.set('Content-Type', 'application/json; charset=utf-8');
      return write(context, headers, status, body);
    };
  }

  // `id`: the upload a HEAD, PATCH or DELETE acts on (null for a creation).
  handle(req: IncomingMessage, res: ServerResponse, id: string | null): Promise<void> {
    if (id) this.ids.set(req, id);
    return this.server.handle(req, res);
  }

  filePath(id: string): string {
    return path.join(this.directory, id);
  }

  // The bytes and info of an upload; nothing when it is already gone.
  async remove(id: string): Promise<void> {
    await this.store.remove(id).catch(() => undefined);
    await fs.rm(this.filePath(id), { force: true });
    await fs.rm(`${this.filePath(id)}.json`, { force: true });
  }

  // Received bytes so far (null: no such upload here).
  async offset(id: string): Promise<number | null> {
    const stat = await fs.stat(this.filePath(id)).catch(() => null);
    return stat ? stat.size : null;
  }

  // Uploads held in the folder, with when their bytes last changed.
  async list(): Promise<{ id: string; modifiedAt: Date }[]> {
    await fs.mkdir(this.directory, { recursive: true });
    const out: { id: string; modifiedAt: Date }[] = [];
    for (const name of await fs.readdir(this.directory)) {
      // Upload ids are 32 hex digits (the poster cut beside one while it is checked is not one).
      const id = /^([0-9a-f]{32})(\.json)?$/.exec(name)?.[1];
      if (!id || out.some((u) => u.id === id)) continue;
      const stat = await fs.stat(path.join(this.directory, name)).catch(() => null);
      if (stat) out.push({ id, modifiedAt: stat.mtime });
    }
    return out;
  }
}
