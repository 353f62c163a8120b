type Event = "oddkit_search_opened" | "oddkit_catalog_viewed" | "essay_read";

const queue: Array<{ event: Event; at: number }> = [];

/** Records a UI event for the analytics beacon (flushed on page hide). */
export function track(event: Event, at = 0): void {
  queue.push({ event, at });
}

export function flush(): Array<{ event: Event; at: number }> {
  return queue.splice(0);
}
