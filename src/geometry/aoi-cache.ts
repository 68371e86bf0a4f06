// Remembers what readAoi made of a text, so the editor diagnostics and the workflows never parse
// the same document twice. Keyed by (uri, version) when the caller has a document, and by the
// text itself otherwise; a read by uri also fills the text entry, so either way finds it.
// The billing rules are part of what a read means: new rules empty the cache.
import { DEFAULT_BILLING_RULES } from './billing-rules';
import type { BillingRules } from './billing-rules';
import { readAoi } from './read-aoi';
import type { AoiFormat, AoiReadResult } from './types';

export interface DocumentKey {
  uri: string;
  version: number;
}

interface Entry {
  text: string;
  format: AoiFormat | 'auto';
  version: number | undefined;
  result: AoiReadResult;
}

export class AoiCache {
  /** How many times this cache ran readAoi: tests use it to prove a document was parsed once. */
  parses = 0;
  hits = 0;
  private readonly byUri = new Map<string, Entry>();
  private readonly byText = new Map<string, Entry>();
  private rules: BillingRules = DEFAULT_BILLING_RULES;
  private readonly rulesListeners = new Set<() => void>();

  constructor(private readonly maxEntries = 8) {}

  read(text: string, format: AoiFormat | 'auto', key?: DocumentKey): AoiReadResult {
    if (key) {
      const known = this.byUri.get(key.uri);
      if (known && known.version === key.version && known.format === format)
        return this.hit(this.byUri, key.uri, known).result;
    }
    const sameText = this.byText.get(text);
    let entry: Entry;
    if (sameText && sameText.format === format) entry = this.hit(this.byText, text, sameText);
    else {
      this.parses++;
      entry = { text, format, version: key?.version, result: readAoi(text, format, this.rules) };
      remember(this.byText, text, entry, this.maxEntries);
    }
    if (key) remember(this.byUri, key.uri, { ...entry, version: key.version }, this.maxEntries);
    return entry.result;
  }

  /** Forget a document (closed, or deleted). */
  forget(uri: string): void {
    const entry = this.byUri.get(uri);
    this.byUri.delete(uri);
    if (entry) this.byText.delete(entry.text);
  }

  get billingRules(): Readonly<BillingRules> {
    return this.rules;
  }

  /** Rules the host learnt (the specification document); true when they changed, and the cache was emptied. */
  setBillingRules(rules: BillingRules): boolean {
    const now = this.rules;
    if (
      now.minBilledKm2 === rules.minBilledKm2 &&
      now.minFillRatio === rules.minFillRatio &&
      now.minBoxSideM === rules.minBoxSideM
    )
      return false;
    this.rules = { ...rules };
    this.clear();
    for (const listener of this.rulesListeners) listener();
    return true;
  }

  /** Called after the rules changed (the readers of open documents read them again). */
  onRulesChanged(listener: () => void): { dispose(): void } {
    this.rulesListeners.add(listener);
    return { dispose: () => this.rulesListeners.delete(listener) };
  }

  clear(): void {
    this.byUri.clear();
    this.byText.clear();
  }

  private hit<K>(map: Map<K, Entry>, key: K, entry: Entry): Entry {
    this.hits++;
    map.delete(key); // re-insert: Map order is the recency order
    map.set(key, entry);
    return entry;
  }
}

function remember<K>(map: Map<K, Entry>, key: K, entry: Entry, max: number): void {
  map.delete(key);
  map.set(key, entry);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
