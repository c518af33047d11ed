import { expect } from 'chai';
import type { RecordMetadata } from 'kafkajs';
import { asBrokerError, assertAcknowledged, replicationFor, UnacknowledgedSendError } from './kafka.js';
import { BrokerUnavailable } from './errors.js';

describe('topic replication', () => {
  it('when the cluster has one broker, then a topic gets one copy and no minimum in-sync replicas of its own', () => {
    expect(replicationFor(1)).to.deep.equal({ replicationFactor: 1, configEntries: [] });
  });
  it('when it has two, then two copies', () => {
    expect(replicationFor(2)).to.deep.equal({ replicationFactor: 2, configEntries: [] });
  });
  it('when it has three or more, then three copies, two of them in sync for an acknowledged write', () => {
    const three = { replicationFactor: 3, configEntries: [{ name: 'min.insync.replicas', value: '2' }] };
    expect(replicationFor(3)).to.deep.equal(three);
    expect(replicationFor(5)).to.deep.equal(three);
  });
});

describe('a send checked against the acknowledgements', () => {
  const ack = (topicName: string, partition: number, errorCode = 0) => ({ topicName, partition, errorCode }) as RecordMetadata;
  const noted = (partition: number) => ({ key: 'k', value: 'v', partition });

  it("when every message's partition was acknowledged, then the send stands", () => {
    expect(() =>
      assertAcknowledged(
        [
          { topic: 'a', messages: [noted(0), noted(1)] },
          { topic: 'b', messages: [noted(1)] },
        ],
        [ack('a', 0), ack('a', 1), ack('b', 1)],
      ),
    ).not.to.throw();
  });

  it('when a partition is missing (kafkajs skipped a broker that had answered before leaders moved), then the send fails, retriably', () => {
    let err: unknown;
    try {
      assertAcknowledged(
        [
          { topic: 'a', messages: [noted(0)] },
          { topic: 'notifications', messages: [noted(2)] },
        ],
        [ack('a', 0)],
      );
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(UnacknowledgedSendError);
    expect((err as UnacknowledgedSendError).message).to.include('notifications:2');
    expect((err as UnacknowledgedSendError).retriable).to.equal(true);
  });

  it('when a partition answered with an error code, then the send fails', () => {
    expect(() => assertAcknowledged([{ topic: 'a', messages: [noted(0)] }], [ack('a', 0, 6)])).to.throw(UnacknowledgedSendError);
  });
});

describe("the broker adapter speaks the platform's errors", () => {
  it("when kafkajs fails a send, then the caller gets BrokerUnavailable with the driver's error as its cause; other errors pass unchanged", async () => {
    const driver = Object.assign(new Error('There is no leader for this topic-partition'), { name: 'KafkaJSProtocolError' });
    const err = await Promise.reject(driver)
      .catch(asBrokerError)
      .catch((e: unknown) => e);
    expect(err).to.be.instanceOf(BrokerUnavailable);
    expect((err as BrokerUnavailable).cause).to.equal(driver);
    expect((err as BrokerUnavailable).retriable).to.equal(true);
    const defect = new TypeError('a defect');
    expect(
      await Promise.reject(defect)
        .catch(asBrokerError)
        .catch((e: unknown) => e),
    ).to.equal(defect);
  });

  it('when the brokers leave a partition unacknowledged, then that too is a BrokerUnavailable', () => {
    expect(new UnacknowledgedSendError('x')).to.be.instanceOf(BrokerUnavailable);
  });
});
