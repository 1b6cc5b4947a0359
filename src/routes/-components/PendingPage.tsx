import { Spinner } from '../../ui/Spinner.tsx';
import { MainContent } from '../../ui/PageLayout.tsx';

/** Shown while a route waits (for example for the session to be checked). */
export function PendingPage() {
  return (
    <MainContent>
      <Spinner />
    </MainContent>
  );
}
