import { useNavigate } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { selectHomePath } from '../../../machines/auth/selectors.ts';
import { useAuthSelector } from '../../auth/useAuth.ts';
import { Button } from '../../ui/Button.tsx';
import { MainContent } from '../../ui/PageLayout.tsx';

/** Any unknown path (spec §2): back to the home of the person's role, or the welcome page. */
export function NotFoundPage() {
  const homePath = useAuthSelector(selectHomePath);
  const navigate = useNavigate();
  return (
    <MainContent>
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.description}</p>
      <Button onPress={() => void navigate({ to: homePath })}>{messages.notFound.backHome}</Button>
    </MainContent>
  );
}
