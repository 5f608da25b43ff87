/**
 * InfiniBand MADs for a read-only fabric monitor, in pure Java: build Get requests, decode GetResp answers.
 *
 * <p>Building: {@link io.fabrichealth.probes.mad.MadRequests} makes immutable
 * {@link io.fabrichealth.probes.mad.MadRequest}s (SMP by LID or {@link io.fabrichealth.probes.mad.DrPath},
 * PerfMgt by LID); each {@code encode} writes 256 bytes into a caller's buffer slot with a TID and allocates
 * nothing. No API can produce a method other than Get (0x01); NoSetRequestTest scans for one.
 *
 * <p>Decoding: each attribute record ({@code NodeInfo.decode(buf, offset)} and so on) or the
 * {@link io.fabrichealth.probes.mad.MadResponse} dispatcher takes the 256-byte MAD (after the 64-byte
 * ib_user_mad header). Decisions a caller should know:
 * <ul>
 *   <li>Bad input of any kind is a {@link io.fabrichealth.probes.mad.MadDecodeException}; nothing reads
 *       outside the 256 bytes, whatever the buffer's order, position or kind.</li>
 *   <li>A non-zero MAD status is a {@link io.fabrichealth.probes.mad.MadStatusException} carrying the
 *       status and the header, never a record: IBA leaves the data of such a response undefined.</li>
 *   <li>For directed-route SMPs the status is 15 bits: the D bit, set in every DR response, is not an error.</li>
 *   <li>Match answers to requests on the low 32 TID bits ({@link io.fabrichealth.probes.mad.MadHeader#answers});
 *       the kernel (and umad2sim) replace the high 32 bits with the agent id.</li>
 *   <li>Fields stay raw numbers; enums name them with infiniband-diags' words and keep an UNKNOWN.</li>
 * </ul>
 */
package io.fabrichealth.probes.mad;
