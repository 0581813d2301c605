import fs from 'node:fs';
import path from 'node:path';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { webDistDir } from './paths.js';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EyeMail</title></head>
<body style="font-family:system-ui,sans-serif;padding:3rem;color:#1a1b1e"><h1>EyeMail</h1>
<p>The dashboard has not been built yet. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it).</p></body></html>`;

// Serves the built dashboard's index.html for every page route (history fallback); the React
// router then shows the page, or its fallback page for unknown paths.
@Injectable()
export class WebAppService {
  private index: string | null = null;

  readonly distDir = webDistDir;

  private load(): string {
    if (this.index === null) {
      const file = path.join(webDistDir, 'index.html');
      if (!fs.existsSync(file)) return NOT_BUILT;
      this.index = fs.readFileSync(file, 'utf8');
    }
    return this.index;
  }

  sendIndex(_req: Request, res: Response): void {
    res.status(200).type('html').setHeader('Cache-Control', 'no-cache').send(this.load());
  }
}
