import { useMutation, useQuery } from '@apollo/client/react';
import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransferOutcome, TransferQuery } from '../../gql/graphql.ts';
import { notifySuccess } from '../../shared/alerts.tsx';
import { describeProblem } from '../../shared/errors.ts';
import { ChoiceOptions } from '../../shared/FormFields.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { DestinationLocationsQuery, ReceiveTransferMutation } from './documents.ts';

type Transfer = TransferQuery['assetTransfer'];
const OUTCOMES: TransferOutcome[] = ['RECEIVED', 'DAMAGED', 'SHORT'];

/** The asset a scan names: a label's QR code is the asset page's address; else a typed tag. */
export function scannedAsset(
  text: string,
  assets: readonly { id: string; tag: string }[],
): string | null {
  const address = /asset\/view\?id=(\d+)/.exec(text);
  if (address) return assets.find((asset) => asset.id === address[1])?.id ?? null;
  const tag = text.trim().toUpperCase();
  return assets.find((asset) => asset.tag.toUpperCase() === tag)?.id ?? null;
}

/**
 * Receiving a transfer at the destination: each asset on its way scanned (a label's QR code or
 * its tag, typed or by a scanner) or marked received, damaged or short; where the arrivals now
 * stand; the accessories counted. What is left unmarked stays on its way.
 */
export function ReceiveTransfer({ transfer, onDone }: { transfer: Transfer; onDone: () => void }) {
  const { t } = useTranslation();
  const waiting = transfer.assets.filter(
    (asset) => asset.outcome === null || asset.outcome === 'SHORT',
  );
  const [outcomes, setOutcomes] = useState<Record<string, TransferOutcome | ''>>({});
  const [locationId, setLocationId] = useState('');
  const [scan, setScan] = useState('');
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const rooms = useQuery(DestinationLocationsQuery, {
    variables: { branchId: transfer.toBranchId },
  });
  const [receive, { loading }] = useMutation(ReceiveTransferMutation);
  const marked = Object.entries(outcomes).filter(([, outcome]) => outcome !== '');
  const arriving = marked.some(([, outcome]) => outcome !== 'SHORT');

  const onScan = () => {
    const id = scannedAsset(scan, waiting);
    if (!id) {
      setProblem(t('transfers.notOnTransfer', { text: scan.trim() }));
      return;
    }
    setProblem(null);
    setOutcomes((now) => ({ ...now, [id]: 'RECEIVED' }));
    setScan('');
  };

  const submit = async () => {
    setProblem(null);
    if (arriving && !locationId) {
      setProblem(t('common.required', { field: t('transfers.arrivalLocation') }));
      return;
    }
    const accessories = transfer.accessories
      .map((accessory) => ({
        accessoryId: accessory.id,
        received: Number(counted[accessory.id] || 0),
      }))
      .filter((line) => line.received > 0);
    if (marked.length === 0 && accessories.length === 0) {
      setProblem(t('transfers.nothingMarked'));
      return;
    }
    try {
      const answer = await receive({
        variables: {
          input: {
            id: transfer.id,
            items: marked.map(([assetId, outcome]) => ({
              assetId,
              outcome: outcome as TransferOutcome,
              locationId: outcome === 'SHORT' ? null : locationId,
            })),
            accessories,
          },
        },
      });
      notifySuccess(answer.data?.receiveAssetTransfer.message ?? '');
      setOutcomes({});
      setCounted({});
      onDone();
    } catch (failure) {
      setProblem(describeProblem(failure, t).message);
    }
  };

  return (
    <Stack
      as="section"
      gap="3"
      aria-label={t('transfers.receiveTitle')}
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Text fontWeight="semibold">{t('transfers.receiveTitle')}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root>
          <Field.Label>{t('transfers.scan')}</Field.Label>
          <Input
            value={scan}
            onChange={(event) => setScan(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                onScan();
              }
            }}
          />
        </Field.Root>
        <Field.Root required={arriving}>
          <Field.Label>{t('transfers.arrivalLocation')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={locationId}
              onChange={(event) => setLocationId(event.target.value)}
            >
              <ChoiceOptions
                placeholder={t('masterLists.choose')}
                options={rooms.data?.assetLocationOptions ?? []}
              />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      {waiting.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('assets.tag')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('assets.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('transfers.outcome')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {waiting.map((asset) => (
                <Table.Row key={asset.id}>
                  <Table.Cell whiteSpace="nowrap">{asset.tag}</Table.Cell>
                  <Table.Cell>{asset.name}</Table.Cell>
                  <Table.Cell>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        aria-label={t('transfers.outcomeOf', { tag: asset.tag })}
                        value={outcomes[asset.id] ?? ''}
                        onChange={(event) =>
                          setOutcomes((now) => ({
                            ...now,
                            [asset.id]: event.target.value as TransferOutcome | '',
                          }))
                        }
                      >
                        <ChoiceOptions
                          placeholder={t('transfers.onItsWay')}
                          options={OUTCOMES.map((value) => ({
                            value,
                            text: t(`transfers.outcomes.${value}`),
                          }))}
                        />
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {transfer.accessories
        .filter((accessory) => accessory.received < accessory.quantity)
        .map((accessory) => (
          <HStack key={accessory.id} gap="3" align="end">
            <Field.Root maxW="xs">
              <Field.Label>
                {t('transfers.accessoryReceived', {
                  name: accessory.name,
                  left: accessory.quantity - accessory.received,
                  unit: accessory.unit,
                })}
              </Field.Label>
              <Input
                inputMode="numeric"
                value={counted[accessory.id] ?? ''}
                onChange={(event) =>
                  setCounted((now) => ({ ...now, [accessory.id]: event.target.value }))
                }
              />
            </Field.Root>
          </HStack>
        ))}
      <InlineAlert status="error" title={problem} />
      <HStack justify="end">
        <Button colorPalette="brand" loading={loading} onClick={() => void submit()}>
          {t('transfers.receive')}
        </Button>
      </HStack>
    </Stack>
  );
}
