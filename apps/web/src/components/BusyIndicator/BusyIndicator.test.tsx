import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from '../../test/axe.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BusyIndicator } from './BusyIndicator.tsx';

describe('BusyIndicator', () => {
  it('is announced by its label and passes the accessibility rules', async () => {
    renderWithProviders(<BusyIndicator label="Loading users" />);
    expect(screen.getByRole('progressbar', { name: 'Loading users' })).toBeTruthy();
    expect(await seriousAxeFindings()).toEqual([]);
  });
});
