// Opens an order's area of interest as a GeoJSON document (a Feature whose geometry is the
// order's WKT), ready to save into the workspace and use in a workflow.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { geoJsonOfWkt } from '../../geometry/wkt-footprint';
import { Commands } from '../constants';
import { reportError } from '../errors';
import { ANY_ORDER, resolveOrder } from './order-argument';
import type { Command } from './command';

export const openOrderAoiCommand: Command = {
  id: Commands.openOrderAoi,
  async run(services, arg?: unknown): Promise<string | undefined> {
    const target = await resolveOrder(services, arg, { ...ANY_ORDER, title: 'Open the area of which order?' });
    if (!target) return undefined;
    const log = services.log('orders');
    let order: TaskOrder | undefined = target.order;
    try {
      if (typeof order?.Wkt !== 'string')
        order = (await (await services.getClient()).getOrderDetails([target.guid]))[0];
    } catch (err) {
      reportError(log, `Could not load order ${target.guid}`, err);
      return undefined;
    }
    const geometry = typeof order?.Wkt === 'string' ? geoJsonOfWkt(order.Wkt) : undefined;
    if (!geometry) {
      void vscode.window.showWarningMessage(`Order ${target.guid} has no geometry that can be read.`);
      return undefined;
    }
    const feature = {
      type: 'Feature',
      properties: { TaskOrderGuid: target.guid, Model: order?.Model ?? null },
      geometry,
    };
    const document = await vscode.workspace.openTextDocument({
      language: 'json',
      content: JSON.stringify(feature, null, 2) + '\n',
    });
    await vscode.window.showTextDocument(document, { preview: false });
    return document.uri.toString();
  },
};
