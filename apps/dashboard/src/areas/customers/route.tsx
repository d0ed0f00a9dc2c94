import { createRoute } from '@tanstack/react-router';
import { textSearch } from '../../lib/route-data';
import { appRoute } from '../../shell';
import { CustomerDetail } from './detail';
import { Customers } from './list';

const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers',
  staticData: { scope: 'customers:read', label: 'Customers' },
  validateSearch: textSearch('q', 'status'),
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
