import { ErrorPage } from '../../components/error-page';

/** Any unknown path; needs no session. */
export default function NotFoundRoute() {
  return <ErrorPage status="404" />;
}
