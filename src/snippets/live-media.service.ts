import { Injectable, Logger } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import type { Request, Response } from 'express';
import { UsersService } from '../accounts/users.service.js';
import type { Envelope } from '../common/api-response.js';
import { watchEntityChanges } from '../common/entity-changes.js';
import { TtlCache } from '../common/ttl-cache.js';
import { ImageAdapter } from '../images/image.adapter.js';
import { MediaService } from '../storage/media.service.js';
import { parseLiveMediaPath } from './export/live-media-urls.js';
import { liveMediaAnswer, type LiveEyeMail, type LiveMediaAnswer } from './live-media.js';
import { BLANK_PNG, neutralStillSvg, STILL_CANVAS_MAX_HEIGHT, stillCanvas } from './neutral-still.js';
import { SnippetMediaReader } from './snippet-media-reader.js';
import { SnippetRepository } from './snippet.repository.js';

// The living addresses serve whatever is current: caches and mail clients' proxies keep an answer
// this long (revalidating with its ETag), so an edit or a deactivation reaches an open within a
// minute.
export const LIVE_MEDIA_CACHE_CONTROL = 'public, max-age=60';
// Every open of an email asks: the EyeMail's state is kept this long (another instance's change
// shows after at most this), and forgotten at once when this process changes one.
const STATE_TTL_MS = 2_000;
const STATE_MAX = 10_000;
const STATE_SOURCES = ['Snippet', 'User', 'MediaFile', 'VideoEncoding'];
// Drawn stills, by format and canvas (neutral-still.ts: at most one per 2 px of height and format,
// a few KB each): kept for the process's life.
const STILLS_MAX = 2 * (STILL_CANVAS_MAX_HEIGHT / 2);
// Stored media must never run as a page on our origin (as /media/ answers).
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

// GET/HEAD /m/<snippetId>/<file>: what an exported email shows, as the EyeMail is now
// (export/live-media-urls.ts names the addresses, live-media.ts decides the answer).
@Injectable()
export class LiveMediaService {
  private readonly logger = new Logger('LiveMedia');
  private readonly states = new TtlCache<LiveEyeMail | null>(STATE_TTL_MS, STATE_MAX);
  private readonly stills = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly snippets: SnippetRepository,
    private readonly mediaReader: SnippetMediaReader,
    private readonly users: UsersService,
    private readonly media: MediaService,
    private readonly images: ImageAdapter,
    private readonly orm: MikroORM,
  ) {
    watchEntityChanges(orm, STATE_SOURCES, () => this.states.clear());
  }

  private stateOf(id: string): Promise<LiveEyeMail | null> {
    return this.states.getOrLoad(id, () =>
      RequestContext.create(this.orm.em, async () => {
        const s = await this.snippets.findById(id);
        if (!s) return null;
        const [owner, media] = await Promise.all([this.users.findById(s.ownerId), this.mediaReader.mediaOf(s)]);
        return { active: s.status && !!owner, tier: owner?.tier ?? 'premium', media };
      }),
    );
  }

  private still(format: 'gif' | 'jpeg', width: number, height: number): Promise<Buffer> {
    const key = `${format}-${width}x${height}`;
    let drawn = this.stills.get(key);
    if (!drawn) {
      if (this.stills.size >= STILLS_MAX) this.stills.delete(this.stills.keys().next().value!);
      drawn = this.images.svgToStill(neutralStillSvg(width, height), format);
      // a failed drawing is tried again next time
      drawn.catch(() => this.stills.delete(key));
      this.stills.set(key, drawn);
    }
    return drawn;
  }

  // What the address answers now; null for an address that is not one.
  async answerFor(snippetId: string, file: string): Promise<LiveMediaAnswer | null> {
    const asked = parseLiveMediaPath(snippetId, file);
    return asked && liveMediaAnswer(asked, await this.stateOf(asked.snippetId));
  }

  // The neutral still of a 'still' answer, with its ETag.
  async stillOf(answer: Extract<LiveMediaAnswer, { kind: 'still' }>): Promise<{ bytes: Buffer; etag: string; type: string }> {
    const canvas = stillCanvas(answer.width, answer.height);
    const bytes = await this.still(answer.format, canvas.width, canvas.height);
    return { bytes, etag: `"still-v1-${answer.format}-${canvas.width}x${canvas.height}"`, type: `image/${answer.format}` };
  }

  // The Nest route's answer (the video, with its ranges; the pictures are answered ahead of
  // Express by live-media-router.ts, which comes here for what it does not keep in memory).
  async send(snippetId: string, file: string, req: Request, res: Response): Promise<void> {
    // Public and cacheable: no cookie (see MediaService.send).
    res.removeHeader('Set-Cookie');
    delete (req as { session?: unknown }).session;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const answer = await this.answerFor(snippetId, file);
    if (!answer) return fail(res, 404, 'Not found.');
    switch (answer.kind) {
      case 'stored':
        return this.media.sendCurrent(answer.url, req, res, LIVE_MEDIA_CACHE_CONTROL);
      case 'gone':
        return fail(res, 404, 'This video is no longer available.');
      case 'blank':
        return sendImage(req, res, 'image/png', '"blank-v1"', BLANK_PNG);
      case 'still': {
        let still: { bytes: Buffer; etag: string; type: string };
        try {
          still = await this.stillOf(answer);
        } catch (e) {
          this.logger.error({ err: e }, 'Drawing the neutral still failed');
          return fail(res, 500, 'This video is no longer available.');
        }
        return sendImage(req, res, still.type, still.etag, still.bytes);
      }
    }
  }
}

function sendImage(req: Request, res: Response, type: string, etag: string, bytes: Buffer): void {
  res.setHeader('Cache-Control', LIVE_MEDIA_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  res.setHeader('Content-Security-Policy', MEDIA_CSP);
  const tags = (req.get('if-none-match') ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (tags.includes(etag) || tags.includes('*')) {
    res.status(304).end();
    return;
  }
  res.status(200).type(type).send(bytes);
}

function fail(res: Response, status: number, message: string): void {
  res.setHeader('Cache-Control', 'no-store');
  const body: Envelope = { result: false, message, body: null, errors: null };
  res.status(status).json(body);
}
