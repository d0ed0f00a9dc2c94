import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../shell';
import { CustomerDetail } from './detail';
import { Customers, type CustomersSearch } from './list';

const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers',
  staticData: { scope: 'customers:read', label: 'Customers' },
  validateSearch: (s: Record<string, unknown>): CustomersSearch => ({
    q: typeof s.q === 'string' ? s.q : undefined,
    status: typeof s.status === 'string' ? s.status : undefined,
  }),
  component: Customers,
});
const customerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers/$id',
  staticData: { scope: 'customers:read' },
  component: function CustomerScreen() {
    const { id } = customerRoute.useParams();
    return <CustomerDetail id={id} key={id} />;
  },
});

export const customerRoutes = [customersRoute, customerRoute] as const;
