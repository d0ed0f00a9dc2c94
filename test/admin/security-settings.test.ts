import { describeRouteSecurity } from '../helpers/route-security';
import { AREAS_BY_FILE } from '../helpers/route-table';

// The route security checks of these areas (see AREAS_BY_FILE; the route table is in security.test.ts).
describeRouteSecurity(AREAS_BY_FILE['security-settings.test.ts']);
