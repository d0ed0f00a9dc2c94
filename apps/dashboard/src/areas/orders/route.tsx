import { createRoute } from '@tanstack/react-router';
import { textSearch } from '../../lib/route-data';
import { appRoute } from '../../shell';
import { OrderDetail } from './detail';
import { Orders } from './list';

const ordersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/orders',
  staticData: { scope: 'orders:read', label: 'Orders' },
  validateSearch: textSearch('q', 'status', 'payment_status', 'refund_requested'),
  component: Orders,
});
const orderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/orders/$id',
  staticData: { scope: 'orders:read' },
  component: function OrderScreen() {
    const { id } = orderRoute.useParams();
    return <OrderDetail id={id} />;
  },
});

export const orderRoutes = [ordersRoute, orderRoute] as const;
