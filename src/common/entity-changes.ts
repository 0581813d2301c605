import type { EventSubscriber, FlushEventArgs, MikroORM } from '@mikro-orm/core';

// Calls `onChange` after every flush of this process that created, changed or deleted an entity
// of one of the named classes (forks of the ORM's entity manager share its event manager). Not
// seen: native updates and raw SQL, and other processes: a cache relying on this keeps its entries
// a short time only (common/ttl-cache.ts).
export function watchEntityChanges(orm: MikroORM, classNames: readonly string[], onChange: () => void): void {
  const watched = new Set(classNames);
  const subscriber: EventSubscriber = {
    afterFlush(args: FlushEventArgs) {
      for (const cs of args.uow.getChangeSets()) {
        if (watched.has(cs.meta.className)) return onChange();
      }
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
