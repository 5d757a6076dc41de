import { useParams } from 'react-router';
import { AppDetails } from '../../../../features/apps/components/app-details';

/** /app/:appId/config/project: app details (levels 100–200; the route guard sends others away). */
export default function ProjectRoute() {
  const { appId = '' } = useParams();
  return <AppDetails appId={Number(appId)} />;
}
