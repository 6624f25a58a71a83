import { describe, expect, it } from 'vitest';
import { createGenerationGate } from '../../../src/shared/generation-gate';

describe('createGenerationGate', () => {
  it('accepts only generations newer than the last accepted one', () => {
    const gate = createGenerationGate();
    expect(gate.last).toBeNull();
    expect(gate.accept(0)).toBe(true);
    expect(gate.accept(3)).toBe(true);
    expect(gate.accept(3)).toBe(false);
    expect(gate.accept(2)).toBe(false);
    expect(gate.last).toBe(3);
    expect(gate.accept(4)).toBe(true);
  });

  it('keeps its own count: two gates do not share what they have seen', () => {
    const tray = createGenerationGate();
    const panel = createGenerationGate();
    expect(tray.accept(5)).toBe(true);
    expect(panel.accept(2)).toBe(true);
    expect(panel.last).toBe(2);
  });
});
