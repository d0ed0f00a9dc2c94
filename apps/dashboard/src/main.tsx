import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client';
import { meQuery, returnPath } from './lib/session';
import { makeRouter } from './router';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A refused call (4xx) is an answer, not a hiccup: only network and 5xx failures retry.
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
const router = makeRouter(queryClient);

// A session that ends while the dashboard is open (expired, or ended elsewhere) leads back to
// sign-in rather than to a screen of errors.
queryClient.getQueryCache().subscribe((event) => {
  const error = event.query.state.error;
  if (event.type === 'updated' && error instanceof ApiError && error.status === 401) {
    queryClient.setQueryData(meQuery.queryKey, { state: 'signed-out' });
    const here = router.state.location;
    void router.navigate({
      to: '/sign-in',
      search: { redirect: returnPath(`${here.pathname}${here.searchStr}`) },
    });
  }
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
