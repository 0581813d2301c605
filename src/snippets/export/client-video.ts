// The client table and its rules live in src/shared/client-video.ts, where the dashboard reads
// them too (the sign-in page's and the FAQ's claims about mail clients): one source.
export * from '../../shared/client-video.js';
