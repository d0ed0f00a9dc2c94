import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../shell';
import { OrderDetail } from './detail';
import { Orders, type OrdersSearch } from './list';

const ordersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/orders',
  staticData: { scope: 'orders:read', label: 'Orders' },
  validateSearch: (s: Record<string, unknown>): OrdersSearch => ({
    q: typeof s.q === 'string' ? s.q : undefined,
    status: typeof s.status === 'string' ? s.status : undefined,
    payment_status: typeof s.payment_status === 'string' ? s.payment_status : undefined,
  }),
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
