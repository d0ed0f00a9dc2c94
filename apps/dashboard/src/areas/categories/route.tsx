import { createRoute } from '@tanstack/react-router';
import { appRoute } from '../../shell';
import { CategoryEditor } from './editor';
import { Categories } from './list';

const categoriesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/categories',
  staticData: { scope: 'catalogue:read', label: 'Categories' },
  component: Categories,
});
const newCategoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/categories/new',
  staticData: { scope: 'catalogue:write' },
  component: () => <CategoryEditor id={null} />,
});
const categoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/categories/$id',
  staticData: { scope: 'catalogue:read' },
  component: function CategoryScreen() {
    const { id } = categoryRoute.useParams();
    return <CategoryEditor id={id} key={id} />;
  },
});

export const categoryRoutes = [categoriesRoute, newCategoryRoute, categoryRoute] as const;
