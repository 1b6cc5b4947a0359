import { MainContent } from '../../ui/PageLayout.tsx';

/** When the operator's text could not be loaded. */
export function LegalTextMessage({ message }: { message: string }) {
  return (
    <MainContent>
      <p role="alert">{message}</p>
    </MainContent>
  );
}
