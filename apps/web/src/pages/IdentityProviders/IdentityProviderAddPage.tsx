import { useNavigate, useSearchParams } from 'react-router';
import { IdentityProviderForm } from './IdentityProviderForm.tsx';
import { isPreset } from './identity-provider-form.tsx';

/** `/admin/identity-providers/add` (`?protocol=` or `?preset=` preselect a tile). */
export function IdentityProviderAddPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preset = params.get('preset');
  return (
    <IdentityProviderForm
      initialChoice={{ protocol: params.get('protocol'), preset: isPreset(preset) ? preset : null }}
      onSaved={(provider) => void navigate(`/admin/identity-providers/${provider.id}`)}
    />
  );
}
