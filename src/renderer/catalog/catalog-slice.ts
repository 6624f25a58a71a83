import type { StateCreator } from 'zustand';
import type { CatalogSearchResult, InvokeOutcome, TokenMeter, ToolDetail } from '../../shared/catalog';
import type { GatehouseBridge } from '../../shared/ipc';
import { describeError } from '../ui/describe-error';
import { loadedState } from '../ui/loaded-state';

export interface CatalogSlice {
  catalogQuery: string;
  catalogResult: CatalogSearchResult | null;
  catalogSearching: boolean;
  catalogError: string | null;
  toolDetail: ToolDetail | null;
  toolDetailLoading: boolean;
  invokeOutcome: InvokeOutcome | null;
  invoking: boolean;
  tokenMeter: TokenMeter | null;
  tokenMeterError: string | null;
  searchCatalog: (query: string) => Promise<void>;
  openTool: (toolId: string) => Promise<void>;
  closeTool: () => void;
  tryInvoke: (toolId: string, args: Record<string, unknown>) => Promise<void>;
  loadTokenMeter: () => Promise<void>;
}

type Bridge = Pick<GatehouseBridge, 'searchCatalog' | 'describeTool' | 'invokeTool' | 'tokenMeter'>;

export const createCatalogSlice =
  <S extends CatalogSlice>(bridge: Bridge): StateCreator<S, [], [], CatalogSlice> =>
  (set, get) => {
    // Answers can come back out of order while the operator types: only the latest search is shown.
    let searchTicket = 0;
    let detailTicket = 0;
    return {
      catalogQuery: '',
      catalogResult: null,
      catalogSearching: false,
      catalogError: null,
      toolDetail: null,
      toolDetailLoading: false,
      invokeOutcome: null,
      invoking: false,
      ...loadedState(set, { value: 'tokenMeter', error: 'tokenMeterError', load: 'loadTokenMeter' }, () => bridge.tokenMeter({})),
      searchCatalog: async (query) => {
        const ticket = ++searchTicket;
        set({ catalogQuery: query, catalogSearching: true } as Partial<S>);
        try {
          const result = await bridge.searchCatalog({ query });
          if (ticket === searchTicket) set({ catalogResult: result, catalogError: result.message, catalogSearching: false } as Partial<S>);
        } catch (error) {
          if (ticket === searchTicket) set({ catalogError: describeError(error), catalogSearching: false } as Partial<S>);
        }
      },
      openTool: async (toolId) => {
        const ticket = ++detailTicket;
        set({ toolDetailLoading: true, invokeOutcome: null, toolDetail: get().toolDetail?.tool_id === toolId ? get().toolDetail : null } as Partial<S>);
        try {
          const detail = await bridge.describeTool({ tool_id: toolId });
          if (ticket === detailTicket) set({ toolDetail: detail, toolDetailLoading: false } as Partial<S>);
        } catch (error) {
          if (ticket === detailTicket) {
            const [server = '', ...rest] = toolId.split('::');
            const failed: ToolDetail = {
              ok: false,
              tool_id: toolId,
              server,
              tool_name: rest.join('::'),
              title: null,
              description: null,
              input_schema: null,
              safety_notes: [],
              message: describeError(error),
            };
            set({ toolDetail: failed, toolDetailLoading: false } as Partial<S>);
          }
        }
      },
      closeTool: () => {
        detailTicket++;
        set({ toolDetail: null, toolDetailLoading: false, invokeOutcome: null } as Partial<S>);
      },
      tryInvoke: async (toolId, args) => {
        set({ invoking: true, invokeOutcome: null } as Partial<S>);
        try {
          set({ invokeOutcome: await bridge.invokeTool({ tool_id: toolId, arguments: args }), invoking: false } as Partial<S>);
        } catch (error) {
          const failed: InvokeOutcome = {
            ok: false,
            content: [],
            structured: null,
            truncated: false,
            errors: [{ code: 'IPC', message: describeError(error) }],
          };
          set({ invokeOutcome: failed, invoking: false } as Partial<S>);
        }
      },
    };
  };
