import { createContext, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { GatehouseBridge } from '../../shared/ipc';
import type { GatehouseStore } from './store';

export interface Gatehouse {
  store: StoreApi<GatehouseStore>;
  bridge: GatehouseBridge;
}

const GatehouseContext = createContext<Gatehouse | null>(null);

/** Gives the views the store and the bridge that main.tsx found; nothing below reaches for a global. */
export function GatehouseProvider({ value, children }: { value: Gatehouse; children: ReactNode }) {
  return <GatehouseContext value={value}>{children}</GatehouseContext>;
}

function useGatehouse(): Gatehouse {
  const gatehouse = useContext(GatehouseContext);
  if (!gatehouse) throw new Error('A Gatehouse view rendered outside GatehouseProvider: it has no store and no bridge.');
  return gatehouse;
}

/** The part of the store a view reads; it renders again only when that part changes. */
export function useGatehouseStore<T>(select: (state: GatehouseStore) => T): T {
  return useStore(useGatehouse().store, select);
}

/** For calls whose answer stays with one view (a row's start, a secret's write, an approval). */
export function useBridge(): GatehouseBridge {
  return useGatehouse().bridge;
}
