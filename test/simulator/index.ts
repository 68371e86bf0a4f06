// The service simulator: a real HTTP server on 127.0.0.1 that behaves like the live imagery
// service, for the demo and as the peer of every test. Start it with startSimulator().
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { RESOLUTIONS } from './catalog';
import { KeyRing } from './auth';
import { loadDemoData } from './demo-data';
import { FaultController } from './faults';
import { createSimulatorServer } from './server';
import type { ServerParts } from './server';
import { loadSeason } from './season';
import { SimulatorState } from './state';
import type { FaultOptions, RequestLogEntry, ScheduledFault, Simulator, SimulatorOptions } from './types';

export type {
  FaultOptions,
  ImageAnswerFault,
  RequestLogEntry,
  ScheduledFault,
  Simulator,
  SimulatorOptions,
} from './types';
export { MISANSWER_ENVELOPE_MESSAGE, MISANSWER_PAGE_TEXT } from './image-misanswers';
/** @public the download benchmark reads it (scripts/bench/download.mjs, compiled). */
export { DEMO_AREA } from './demo-data';
/** The exact bytes an `imageBytes` body carries, so a test can check a download arrived intact. */
export { generatedTiff } from './geotiff';
export { DEFAULT_SEASON, HARVEST_NDVI, seasonBox, seasonDates, seasonFields, seasonNdvi } from './season';
export type { SeasonScript } from './season';

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function shutdown(server: Server, sockets: Set<Socket>): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  });
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const seed = options.seed ?? 1;
  const state = new SimulatorState(
    seed,
    options.account,
    options.clock ?? Date.now,
    options.orderStatusStepMs ?? 120_000,
    options.imageryEveryDay,
    options.imageryEastEdge,
  );
  if (options.demoData) loadDemoData(state);
  if (options.season) loadSeason(state, options.season);
  state.priceFactor = options.priceFactor ?? 1;
  state.priceRise = options.priceRise;
  const log: RequestLogEntry[] = [];
  const parts: ServerParts = {
    state,
    faults: new FaultController(options.faults, seed),
    keys: new KeyRing(options.keys),
    spec: {
      dateWindowEnd: options.specVariant?.dateWindowEnd ?? 'To',
      orderDetailsMethod: options.specVariant?.orderDetailsMethod ?? 'GET',
      responseCase: options.specVariant?.responseCase ?? 'Pascal',
      hostile: options.specVariant?.hostile ?? false,
      accountInfo: options.specVariant?.accountInfo ?? 'both',
      orderEstimateShape: options.specVariant?.orderEstimateShape ?? 'flat',
      billingRules: options.specVariant?.billingRules ?? 'current',
      accountInfoBalances: options.specVariant?.accountInfoBalances ?? true,
      resolutions: options.specVariant?.resolutions ?? RESOLUTIONS,
      epsgEnum: options.specVariant?.epsgEnum ?? [],
    },
    log,
  };
  let running = createSimulatorServer(parts);
  const port = await listen(running.server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: log,
    state,
    get mostImagesAtOnce() {
      return parts.faults.mostImagesAtOnce;
    },
    clearLog: () => {
      log.length = 0;
      parts.faults.resetMostImagesAtOnce();
    },
    configure: (faults: FaultOptions) => parts.faults.configure(faults),
    schedule: (...faults: ScheduledFault[]) => parts.faults.schedule(faults),
    clearScheduled: () => parts.faults.clearScheduled(),
    advanceClock: (ms: number) => state.advanceClock(ms),
    restart: async () => {
      await shutdown(running.server, running.sockets);
      running = createSimulatorServer(parts);
      await listen(running.server, port);
    },
    close: () => shutdown(running.server, running.sockets),
  };
}
