import { createRoute } from '@tanstack/react-router';
import { textSearch } from '../../lib/route-data';
import { appRoute } from '../../shell';
import { ProductEditor } from './editor';
import { Products } from './list';

const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/products',
  staticData: { scope: 'catalogue:read', label: 'Products' },
  validateSearch: textSearch('q', 'status', 'category', 'tag'),
  component: Products,
});
const newProductRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/products/new',
  staticData: { scope: 'catalogue:write' },
  component: () => <ProductEditor id={null} />,
});
const productRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/products/$id',
  staticData: { scope: 'catalogue:read' },
  component: function ProductScreen() {
    const { id } = productRoute.useParams();
    return <ProductEditor id={id} key={id} />;
  },
});

export const productRoutes = [productsRoute, newProductRoute, productRoute] as const;
