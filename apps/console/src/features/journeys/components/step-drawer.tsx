import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AppInfo, type DictEntry } from '@beacon/shared';
import { type ConditionDictionaries } from '../../../components/condition-builder';
import { type ComposeValues } from '../../../message-editor';
import { nodeOf, type JourneyGraph, type StepDraft } from '../lib/journey-graph-model';
import { BranchFields, type BranchValue } from './branch-fields';
import { SettingsForm } from './settings-form';
import { EntryForm } from './entry-form';
import { type JourneyEntry } from '@beacon/shared';
import { StepForm } from './step-form';
import { Form } from '../../../components/form';

interface StepDrawerProps {
  app: AppInfo;
  graph: JourneyGraph;
  nodeId: string;
  problems: string[];
  tagProblem: string | undefined;
  readOnly: boolean;
  settings: ComposeValues;
  languages: DictEntry[];
  dictionaries: ConditionDictionaries | undefined;
  defaultIcon: { icon: string; color: string };
  onSettings: (settings: ComposeValues) => void;
  entry: JourneyEntry;
  onEntry: (entry: JourneyEntry) => void;
  /** an event-started journey's entries and exits so far (view mode) */
  counts?: { entries: number; exits: number } | undefined;
  onStep: (step: StepDraft) => void;
  onBranch: (branch: BranchValue | null) => void;
  onDelete: () => void;
  onClose: () => void;
  /** view mode: the step's recall (StepRecall), when the journey is saved */
  recall?: React.ReactNode;
}

/**
 * A node opened in the side drawer: the entry with the journey's audience and settings and its message; any other step
 * with the branch that leads to it, its message and conditions. Its problems head the drawer.
 */
export function StepDrawer(props: StepDrawerProps) {
  const { t } = useTranslation();
  const { app, graph, nodeId, readOnly } = props;
  const node = nodeOf(graph, nodeId);
  if (!node) return null;
  const entry = nodeId === graph.entryId;
  const stepForm = (
    <StepForm
      key={nodeId}
      app={app}
      step={node.step}
      entry={entry}
      tagProblem={props.tagProblem}
      readOnly={readOnly}
      languages={props.languages}
      dictionaries={props.dictionaries}
      defaultIcon={props.defaultIcon}
      onChange={props.onStep}
    />
  );
  return (
    <Drawer
      open
      size={760}
      title={entry ? t('journeys.drawer.entry') : t('journeys.drawer.step', { tag: node.step.groupTag })}
      onClose={props.onClose}
      data-testid="step-drawer"
      extra={
        readOnly
          ? props.recall
          : !entry && (
              <Button danger icon={<DeleteOutlined />} onClick={props.onDelete} data-testid="step-delete">
                {t('journeys.drawer.delete')}
              </Button>
            )
      }
    >
      {props.problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="drawer-problems"
          title={props.problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        />
      )}
      {entry ? (
        <Tabs
          items={[
            {
              key: 'audience',
              label: t('journeys.drawer.audience'),
              children: (
                <SettingsForm
                  app={app}
                  settings={props.settings}
                  readOnly={readOnly}
                  dictionaries={props.dictionaries}
                  onChange={props.onSettings}
                />
              ),
            },
            {
              key: 'start',
              label: t('journeys.entry.tab'),
              children: (
                <EntryForm
                  appId={app.appId}
                  entry={props.entry}
                  readOnly={readOnly}
                  counts={props.counts}
                  onChange={props.onEntry}
                />
              ),
            },
            { key: 'message', label: t('journeys.drawer.message'), children: stepForm },
          ]}
        />
      ) : (
        <>
          <Card
            title={t('journeys.branch.card')}
            variant="borderless"
            size="small"
            style={{ marginBottom: 12 }}
          >
            <Form layout="vertical" disabled={readOnly} component="div">
              <BranchFields graph={graph} target={nodeId} disabled={readOnly} onChange={props.onBranch} />
            </Form>
          </Card>
          {stepForm}
        </>
      )}
    </Drawer>
  );
}
