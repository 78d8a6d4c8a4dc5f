import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { balanceCallSchema, parseOrThrow, Rpc, RpcRequest } from '@curbside/contracts';
import { LedgerService } from './ledger.service';

@Controller()
export class LedgerController {
  constructor(private readonly ledger: LedgerService) {}

  @MessagePattern(Rpc.rewards.balance)
  balance(@Payload() request: RpcRequest) {
    return this.ledger.balance(parseOrThrow(balanceCallSchema, request.body).userId);
  }
}
