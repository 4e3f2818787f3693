import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../../scripts/lighthouse-calibration.ts';

describe('the calibrated phone (Lighthouse docs/throttling.md and its calculator)', () => {
  it('gives the documented slowdowns at the calculator\'s anchor points', () => {
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(1766)).toBe(5);
  });

  it('simulates a slower phone on a faster host: about 7x at 2,200', () => {
    expect(cpuSlowdownFor(2200)).toBe(6.9);
    expect(cpuSlowdownFor(2750)).toBeCloseTo(9.2, 1);
    expect(cpuSlowdownFor(1800)).toBeGreaterThan(cpuSlowdownFor(1533));
  });

  it('is linear between anchors', () => {
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(1050)).toBe(2.5);
  });

  it('refuses a host too slow to simulate the phone, and a missing index', () => {
    expect(() => cpuSlowdownFor(100)).toThrow(/too slow/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/too slow/);
  });
});
