import { LAZY_CHUNK_TIMEOUT_MS } from '@branch-assets/domain';
import type { ComponentType } from 'react';

export class ChunkTimeoutError extends Error {
  constructor() {
    super('the page took too long to load');
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * A route module loaded on demand, given up after 120 s as the legacy app did; the route's error
 * element then offers a reload.
 */
export function lazyRoute(load: () => Promise<{ Component: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkTimeoutError()), LAZY_CHUNK_TIMEOUT_MS);
    });
    try {
      const { Component } = await Promise.race([load(), timeout]);
      return { Component };
    } finally {
      clearTimeout(timer);
    }
  };
}
