import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { routeErrorMessages as m } from '../../../domain/messages/routeError.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';

/**
 * What a page shows when its loader could not read what the page needs: the page's own Italian message and one
 * "Riprova", which runs the route's loaders again. Routes name it as their `errorComponent`, giving the message:
 * `errorComponent: (props) => <RouteError {...props} message={m.loadFailed} />` (inside the main landmark the
 * authenticated layout draws; a public page wraps it in its own).
 */
export function RouteError({ reset, message }: ErrorComponentProps & { message: string }) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  // A query that failed while rendering would otherwise throw again without asking the server.
  useEffect(() => queryReset.reset(), [queryReset]);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Alert tone="error">
      {message}{' '}
      <Button variant="secondary" onPress={retry}>
        {m.retry}
      </Button>
    </Alert>
  );
}
