import type { TableClient } from '@hearts/live';
import { useEffect, useReducer } from 'react';

/** Re-renders whenever the client's state changes. */
export function useClient(client: TableClient | null): void {
  const [, bump] = useReducer((x: number) => x + 1, 0);
  useEffect(() => {
    if (!client) return;
    const off = client.subscribe(bump);
    // What arrived between the render and this subscription (the lobby of a room just opened): shown now.
    bump();
    return off;
  }, [client]);
}
