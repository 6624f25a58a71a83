// resources/subscribe and resources/unsubscribe (2025-11-25 sessions), passed through. Gatehouse holds
// one downstream subscription per (server, URI) for all the sessions that asked, and routes the server's
// notifications/resources/updated only to those sessions, under the URI each subscribed with (bare or
// `server::uri`). A subscription is renewed when its server reconnects, and dropped downstream when its
// last session unsubscribes or ends. Policy is checked on subscribe and again on every update.
// Downstream, the era of the server's connection decides the shape (downstream-subscription.ts).
import type { Client } from '@modelcontextprotocol/client';
import { ProtocolError, ResourceNotFoundError, type Server } from '@modelcontextprotocol/server';
import { safeMessage } from '../../common/errors';
import { sameResourceUri, type LoadedPolicy } from '../../policy';
import type { GatewayContext } from '../meta-tool';
import { templateCovers } from '../resource-templates';
import { openDownstream, type DownstreamSubscription } from './downstream-subscription';
import { connected, offers, refuse, resourceTarget } from './targets';

const METHOD_NOT_FOUND = -32601;

/** An upstream session holding subscriptions. */
export interface Subscriber {
  updated(uri: string): void;
}

interface Entry {
  server: string;
  uri: string;
  /** Each subscriber with the spellings it subscribed under. */
  subscribers: Map<Subscriber, Set<string>>;
  /** The subscription held at the server, once it is open. */
  downstream?: DownstreamSubscription;
}

export interface SubscriptionDeps {
  policy(): LoadedPolicy;
  /** The live client of a server, if it has one. */
  clientOf(server: string): Client | null;
  note(line: string): void;
}

const key = (server: string, uri: string) => `${server}\u0000${uri}`;

export class Subscriptions {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: SubscriptionDeps) {}

  /** The upstream handlers for one session. */
  register(server: Server, gateway: GatewayContext, subscriber: Subscriber): void {
    server.setRequestHandler('resources/subscribe', async (request) => {
      await this.subscribe(gateway, subscriber, request.params.uri);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', async (request) => {
      await this.unsubscribe(gateway, subscriber, request.params.uri);
      return {};
    });
  }

  /** A server's new connection: route its updates, and renew what sessions hold there. */
  attach(server: string, client: Client): void {
    client.setNotificationHandler('notifications/resources/updated', (notification) => this.updated(server, notification.params.uri));
    for (const entry of this.entries.values()) {
      if (entry.server !== server) continue;
      openDownstream(client, entry.uri)
        .then((downstream) => {
          // Released while it was being renewed: nobody wants it any more.
          if (this.entries.get(key(entry.server, entry.uri)) === entry) entry.downstream = downstream;
          else void downstream.close();
        })
        .catch((error: unknown) => this.deps.note(`[${server}] renewing the subscription to ${entry.uri} failed: ${safeMessage(error)}`));
    }
  }

  /** A session ended: its subscriptions go, and the downstream ones nobody else holds. */
  drop(subscriber: Subscriber): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.subscribers.delete(subscriber)) void this.release(entry);
    }
  }

  private async subscribe(gateway: GatewayContext, subscriber: Subscriber, reference: string): Promise<void> {
    const target = resourceTarget(gateway, reference);
    if (!target) throw new ResourceNotFoundError(reference);
    const { handle, uri } = target;
    const decision = gateway.policy().decideResource(handle.name, uri);
    if (!decision.allowed) refuse(decision);
    const client = await connected(handle);
    if (!offers(handle, uri) && !(await templateCovers(handle, client, uri))) throw new ResourceNotFoundError(reference);
    if (!client.getServerCapabilities()?.resources?.subscribe) {
      throw new ProtocolError(METHOD_NOT_FOUND, `server "${handle.name}" does not support resource subscriptions`);
    }
    const id = key(handle.name, uri);
    let entry = this.entries.get(id);
    const fresh = !entry;
    entry ??= { server: handle.name, uri, subscribers: new Map() };
    const spellings = entry.subscribers.get(subscriber) ?? new Set<string>();
    spellings.add(reference);
    entry.subscribers.set(subscriber, spellings);
    if (!fresh) return;
    this.entries.set(id, entry);
    let downstream: DownstreamSubscription;
    try {
      downstream = await openDownstream(client, uri);
    } catch (error) {
      this.entries.delete(id);
      throw error;
    }
    // Released while it was opening (its sessions unsubscribed or ended): nobody holds it any more.
    if (this.entries.get(id) === entry) entry.downstream = downstream;
    else await downstream.close().catch(() => undefined);
  }

  private async unsubscribe(gateway: GatewayContext, subscriber: Subscriber, reference: string): Promise<void> {
    const target = resourceTarget(gateway, reference);
    const entry = target ? this.entries.get(key(target.handle.name, target.uri)) : undefined;
    const spellings = entry?.subscribers.get(subscriber);
    if (!entry || !spellings) return; // unsubscribing from nothing is a no-op, as on any server
    spellings.delete(reference);
    if (!spellings.size) entry.subscribers.delete(subscriber);
    await this.release(entry);
  }

  private async release(entry: Entry): Promise<void> {
    if (entry.subscribers.size) return;
    this.entries.delete(key(entry.server, entry.uri));
    // Its connection may have been replaced since (the renewal then holds the live one): close what is held.
    if (!this.deps.clientOf(entry.server)) return;
    await entry.downstream?.close().catch((error: unknown) => this.deps.note(`[${entry.server}] unsubscribing from ${entry.uri} failed: ${safeMessage(error)}`));
  }

  private updated(server: string, uri: string): void {
    const entry = this.entries.get(key(server, uri)) ?? [...this.entries.values()].find((e) => e.server === server && sameResourceUri(e.uri, uri));
    if (!entry || !this.deps.policy().resourceAllowed(server, entry.uri)) return;
    for (const [subscriber, spellings] of entry.subscribers) {
      for (const spelling of spellings) subscriber.updated(spelling);
    }
  }
}
