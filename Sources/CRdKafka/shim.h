#ifndef KIROKU_CRDKAFKA_SHIM_H
#define KIROKU_CRDKAFKA_SHIM_H

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

/* rd_kafka_producev is variadic, which Swift cannot call: this fixed-argument wrapper produces one message with
   a copied key and value, `opaque` coming back in the delivery report. `partition` may be RD_KAFKA_PARTITION_UA
   (the partitioner picks by key); `headers` may be NULL, and librdkafka owns them once the call succeeds. */
static inline rd_kafka_resp_err_t kiroku_rd_kafka_produce(rd_kafka_t *rk, const char *topic, int32_t partition,
                                                         const void *key, size_t key_len,
                                                         const void *value, size_t value_len,
                                                         rd_kafka_headers_t *headers, void *opaque) {
    return rd_kafka_producev(rk,
                             RD_KAFKA_V_TOPIC(topic),
                             RD_KAFKA_V_PARTITION(partition),
                             RD_KAFKA_V_KEY(key, key_len),
                             RD_KAFKA_V_VALUE((void *)value, value_len),
                             RD_KAFKA_V_HEADERS(headers),
                             RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                             RD_KAFKA_V_OPAQUE(opaque),
                             RD_KAFKA_V_END);
}

#endif
