import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Pagination } from './Pagination.tsx';

function pageNumbers() {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return [...nav.querySelectorAll('button')]
    .map((button) => button.textContent ?? '')
    .filter((text) => /^\d+$/.test(text))
    .map(Number);
}

describe('Pagination', () => {
  it('shows the nearby pages and marks the current one', () => {
    renderWithProviders(<Pagination total={95} limit={10} offset={40} onChange={() => {}} />);
    expect(pageNumbers()).toEqual([3, 4, 5, 6]);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
  });

  it('reports the offset of the chosen page', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Pagination total={95} limit={10} offset={40} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange.mock.calls).toEqual([[50], [90], [30], [0], [20]]);
  });

  it('disables the way back on the first page and the way on on the last', () => {
    const { rerender } = renderWithProviders(
      <Pagination total={25} limit={10} offset={0} onChange={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination total={25} limit={10} offset={20} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('shows a single page for an empty list', () => {
    renderWithProviders(<Pagination total={0} limit={10} offset={0} onChange={() => {}} />);
    expect(pageNumbers()).toEqual([1]);
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });
});
