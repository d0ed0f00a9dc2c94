import { describeRouteSecurity } from '../helpers/route-security';
import { AREAS_BY_FILE } from '../helpers/route-table';

// The route security checks of these areas with staff sessions (the key checks are in security-operations.test.ts).
describeRouteSecurity(AREAS_BY_FILE['security-operations.test.ts'], 'session');
