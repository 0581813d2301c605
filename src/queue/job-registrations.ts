import { randomUUID } from 'node:crypto';
import { UnknownJobError, type EnqueueOptions, type JobHandler, type RegisterOptions } from './job-queue.js';
import { isValidJobId, normaliseRegisterOptions } from './queue-rules.js';

// What both queues keep of a job name's handler, and their first steps when one registers a
// handler or adds a job.
export interface Registered {
  name: string;
  handler: JobHandler<unknown, unknown>;
  opts: Required<RegisterOptions>;
}

// A handler and its options, normalised; a second handler for one name is refused.
export function newRegistration<TData, TResult>(regs: ReadonlyMap<string, Registered>, name: string, handler: JobHandler<TData, TResult>, opts?: RegisterOptions): Registered {
  if (regs.has(name)) throw new Error(`A handler for "${name}" jobs is already registered`);
  return { name, handler: handler as JobHandler<unknown, unknown>, opts: normaliseRegisterOptions(name, opts) };
}

// The registration a new job goes to, and the job's id: the one asked for (checked), else a random one.
export function newJobTarget<R extends Registered>(regs: ReadonlyMap<string, R>, name: string, opts: EnqueueOptions): { reg: R; id: string } {
  const reg = regs.get(name);
  if (!reg) throw new UnknownJobError(name);
  const id = opts.jobId ?? randomUUID();
  if (!isValidJobId(id)) throw new Error(`Invalid job id "${id}"`);
  return { reg, id };
}
