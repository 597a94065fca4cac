import { useNavigate, useSearchParams } from 'react-router';
import { PolicyForm } from './PolicyForm.tsx';
import { isPolicyType } from './policy-form.tsx';

/** `/admin/policies/add` (`?type=` preselects the type); on to the new policy once created. */
export function PolicyAddPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('type');
  return (
    <PolicyForm
      initialType={isPolicyType(type) ? type : null}
      onSaved={(policy) => void navigate(`/admin/policies/${policy.id}`)}
    />
  );
}
