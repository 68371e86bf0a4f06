// The sidebar and account commands need more than the workflow commands' Services: the key store,
// the account and the trees. They get the ExtensionServices, which is those Services plus these.
import type { ExtensionServices } from '../extension-services';

export interface UiCommandDefinition {
  readonly id: string;
  run(services: ExtensionServices, ...args: unknown[]): unknown;
}
