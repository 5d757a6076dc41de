import { Button, Result } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCodes } from '@beacon/shared';
import { PageSpin } from '../../../components/page-spin';
import { isApiError } from '../../../lib/api-error';
import { useActivate } from '../api/activate';

/** Activates the account of an activation link, once, and shows the outcome. */
export function ActivateStatus({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const activate = useActivate();
  const { mutate } = activate;
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const signIn = (
    <Link to="/login">
      <Button type="primary">{t('auth.login.submit')}</Button>
    </Link>
  );
  if (activate.isSuccess)
    return (
      <Result
        status="success"
        title={t('auth.activate.doneTitle')}
        subTitle={t('auth.activate.doneText')}
        extra={signIn}
      />
    );
  if (!token || activate.isError) {
    const error = activate.error;
    const invalid =
      !token ||
      (isApiError(error) &&
        (error.code === ErrorCodes.LINK_INVALID || error.code === ErrorCodes.PARAMETER_ILLEGAL));
    return (
      <Result
        status="error"
        title={invalid ? t('auth.linkInvalid') : t('auth.activate.failed')}
        subTitle={invalid ? t('auth.activate.invalidText') : error?.message}
        extra={<Link to="/login">{t('auth.backToLogin')}</Link>}
      />
    );
  }
  return <PageSpin />;
}
