// Types of migrate-built.mjs (imported by the TypeScript test support).
export function migrateWithBuiltApp(root: string, url: string): Promise<void>;
