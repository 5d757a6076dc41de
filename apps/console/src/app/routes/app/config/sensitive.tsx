import { useParams } from 'react-router';
import { PageSpin } from '../../../../components/page-spin';
import { useAppInfo } from '../../../../features/apps/api/get-app-info';
import { AppSensitiveWords } from '../../../../features/sensitive-words/components/app-sensitive-words';

/** /app/:appId/config/sensitive: the app's own sensitive words (levels 100–400; the guard sends others away). */
export default function SensitiveRoute() {
  const appId = Number(useParams().appId);
  const info = useAppInfo(appId);
  if (!info.data) return <PageSpin />;
  return <AppSensitiveWords appId={appId} projectLevel={info.data.projectLevel} />;
}
