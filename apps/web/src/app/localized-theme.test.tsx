import { PasswordInput } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';

describe('localized theme', () => {
  it('names the password visibility toggle in the current language', async () => {
    const { i18n } = renderWithProviders(<PasswordInput label="Password" />);
    expect(screen.getByRole('button', { name: 'Show or hide the password' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Passwort anzeigen oder verbergen' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lets the keyboard reach the password visibility toggle right after the field', async () => {
    renderWithProviders(<PasswordInput label="Password" />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show or hide the password' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });
});
